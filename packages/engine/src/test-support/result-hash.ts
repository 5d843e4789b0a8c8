/**
 * A 64-bit fingerprint (16 hex digits) of a plain value with typed arrays, to the bit: numbers by their IEEE 754 bits
 * (so -0 and the last bit count), typed arrays by their bytes and type, objects by their keys in order. For tests that
 * must notice any change of a result, however small.
 */
export function resultHash(value: unknown): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const word = (x: number): void => {
    h1 = Math.imul(h1 ^ x, 2654435761);
    h2 = Math.imul(h2 ^ x, 1597334677);
  };
  const f64 = new Float64Array(1);
  const bits = new Uint32Array(f64.buffer);
  const text = (s: string): void => {
    word(s.length);
    for (let i = 0; i < s.length; i++) word(s.charCodeAt(i));
  };
  const walk = (v: unknown): void => {
    if (typeof v === 'number') {
      f64[0] = v;
      word(1);
      word(bits[0]!);
      word(bits[1]!);
    } else if (typeof v === 'string') {
      word(2);
      text(v);
    } else if (typeof v === 'boolean') word(v ? 3 : 4);
    else if (v === null) word(5);
    else if (v === undefined) word(6);
    else if (ArrayBuffer.isView(v)) {
      word(7);
      text(v.constructor.name);
      const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      word(bytes.length);
      for (const b of bytes) word(b);
    } else if (Array.isArray(v)) {
      word(8);
      word(v.length);
      for (const item of v) walk(item);
    } else if (typeof v === 'object') {
      word(9);
      for (const [key, item] of Object.entries(v)) {
        text(key);
        walk(item);
      }
    } else throw new Error(`resultHash: cannot hash a ${typeof v}`);
  };
  walk(value);
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (b >>> 0).toString(16).padStart(8, '0') + (a >>> 0).toString(16).padStart(8, '0');
}

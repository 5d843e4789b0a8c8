import {
  GATE_PING_INTERVAL_MS,
  GATE_RECONNECT_MS,
  GateServerMessageSchema,
  type GateClientMessage,
  type GateServerMessage,
  type GateStatus,
} from '@teamcast/contracts';

type MessageOf<T extends GateServerMessage['type']> = Extract<GateServerMessage, { type: T }>;
type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type GateClientOptions = {
  /** Address of the gate for a token. */
  url: (token: string) => string;
  /** The current access token; none defers connecting until one appears. */
  token: () => string | undefined;
  onUpstreamId?: (id: string | null) => void;
  /** Called when the server refuses the token, so the app can sign the user out. */
  onUnauthorized?: () => void;
  createSocket?: (url: string) => SocketLike;
  pingMs?: number;
  reconnectMs?: number;
};

const CLOSE_UNAUTHORIZED = 4401;

/**
 * The one owner of the websocket (spec section 4): connects with the access token, sends reflectState on open, pings
 * every 180 s, reconnects 5 s after a close; error or close sets CLOSED. Screens subscribe to typed messages.
 */
export function createGateClient(options: GateClientOptions) {
  const pingMs = options.pingMs ?? GATE_PING_INTERVAL_MS;
  const reconnectMs = options.reconnectMs ?? GATE_RECONNECT_MS;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
  const handlers = new Map<string, Set<(message: GateServerMessage) => void>>();
  const statusListeners = new Set<() => void>();
  let status: GateStatus = 'CLOSED';
  let socket: SocketLike | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let wanted = false;

  const setStatus = (next: GateStatus) => {
    if (status === next) return;
    status = next;
    statusListeners.forEach((listener) => listener());
  };
  const send = (message: GateClientMessage) => {
    if (socket && status === 'OPEN') socket.send(JSON.stringify(message));
  };
  const stopTimers = () => {
    clearInterval(pingTimer);
    clearTimeout(reconnectTimer);
    pingTimer = undefined;
    reconnectTimer = undefined;
  };

  function open(): void {
    const token = options.token();
    if (!token) {
      setStatus('CLOSED');
      return;
    }
    setStatus(status === 'RECONNECTING' ? 'RECONNECTING' : 'CONNECTING');
    const current = createSocket(options.url(token));
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      setStatus('OPEN');
      send({ type: 'reflectState' });
      pingTimer = setInterval(() => send({ type: 'ping' }), pingMs);
    };
    current.onmessage = (event: MessageEvent) => {
      let parsed;
      try {
        parsed = GateServerMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'reflectState') options.onUpstreamId?.(message.payload.upstreamId);
      handlers.get(message.type)?.forEach((handler) => handler(message));
    };
    current.onerror = () => {
      if (socket === current) setStatus('CLOSED');
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = undefined;
      stopTimers();
      setStatus('CLOSED');
      options.onUpstreamId?.(null);
      if (event.code === CLOSE_UNAUTHORIZED) {
        options.onUnauthorized?.();
        return;
      }
      if (wanted) {
        reconnectTimer = setTimeout(() => {
          setStatus('RECONNECTING');
          open();
        }, reconnectMs);
      }
    };
  }

  return {
    status: () => status,
    /** Starts (or restarts with the current token); without a token it waits for the next call. */
    connect(): void {
      wanted = true;
      if (socket) return;
      stopTimers();
      open();
    },
    disconnect(): void {
      wanted = false;
      stopTimers();
      if (socket) {
        setStatus('CLOSING');
        const current = socket;
        socket = undefined;
        current.close(1000, 'bye');
      }
      setStatus('CLOSED');
    },
    send,
    on<T extends GateServerMessage['type']>(type: T, handler: (message: MessageOf<T>) => void): () => void {
      const set = handlers.get(type) ?? new Set();
      set.add(handler as (message: GateServerMessage) => void);
      handlers.set(type, set);
      return () => set.delete(handler as (message: GateServerMessage) => void);
    },
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

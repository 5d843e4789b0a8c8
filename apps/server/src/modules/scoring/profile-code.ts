/** A short code shown instead of a person's name to estimators and on the neuronet page: the id's first 8 characters. */
export const profileCode = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

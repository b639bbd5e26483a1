/** The time source of the server: the real clock in production; tests inject one they can move (nothing sleeps). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Every query of this feature sits under one key. */
export const DEVICE_DEAD_LETTERS_KEY = ["device-dead-letters"] as const;

export const deviceDeadLetterKeys = {
  list: (request: unknown) => [...DEVICE_DEAD_LETTERS_KEY, "list", request] as const,
};

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(`[mongo-embedded] ${message}`),
  warn: (message) => console.warn(`[mongo-embedded] ${message}`),
  error: (message) => console.error(`[mongo-embedded] ${message}`),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The end-to-end stack runs beside a development stack: every port is the normal one plus this offset. */
export const E2E_PORT_OFFSET = 100;
export const E2E_BASE_URL = `http://localhost:${8080 + E2E_PORT_OFFSET}`;

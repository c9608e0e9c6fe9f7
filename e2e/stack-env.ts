/**
 * The end-to-end stack runs beside a development stack: every port is the normal one plus this offset
 * (100 unless E2E_PORT_OFFSET says otherwise, so two suites can run side by side).
 */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 100);
export const E2E_BASE_URL = `http://localhost:${8080 + E2E_PORT_OFFSET}`;

/**
 * The suite's admin: global-setup signs it up and grants it the role with the admin script (no sign-up
 * makes an admin). The stack's database lives in memory, one per run.
 */
export const E2E_ADMIN_USERNAME = 'e2e_admin';
export const E2E_ADMIN_PASSWORD = 'admin-password';

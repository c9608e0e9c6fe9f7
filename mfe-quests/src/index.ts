// Async boundary for the standalone page; the shell loads ./routes instead.
import('./bootstrap.tsx');

// Async boundary: shared modules (React, antd, ...) are negotiated before any of them is used.
import('./bootstrap.tsx');

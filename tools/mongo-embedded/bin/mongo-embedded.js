#!/usr/bin/env node
// Node 24 strips TypeScript types natively, so the CLI runs from source.
import '../src/cli.ts';

import { API, type ImportRequest } from '@levelup/contracts';
import { call, queryOf } from '@levelup/web-kit';

export const importsQueryOptions = queryOf(API.listImports);

export const previewImport = (body: ImportRequest) => call(API.previewImport, { body });
export const runImport = (body: ImportRequest) => call(API.runImport, { body });
export const undoImport = (id: string) => call(API.undoImport, { params: { id } });

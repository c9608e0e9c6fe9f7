import { API, type ImportRequest } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

export const importsQueryKey = queryKeyOf(API.listImports);

export const previewImport = (body: ImportRequest) => call(API.previewImport, { body });
export const runImport = (body: ImportRequest) => call(API.runImport, { body });
export const listImports = () => call(API.listImports);
export const undoImport = (id: string) => call(API.undoImport, { params: { id } });

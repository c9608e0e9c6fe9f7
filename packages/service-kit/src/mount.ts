import type { Router } from '@koa/router';
import type { ApiOperation, HandlerResult, ParsedInput } from '@levelup/contracts';
import { emptyRequestSchema } from '@levelup/contracts';
import type { Context, Middleware } from 'koa';
import { bodyOrEmpty } from './body-parser.ts';

/** A route handler bound to one contract operation: it gets the parsed request and returns the answer. */
export type OperationHandler<Op extends ApiOperation> = (
  input: ParsedInput<Op> & { ctx: Context },
) => Promise<HandlerResult<Op>> | HandlerResult<Op>;

export interface MountOptions {
  /**
   * Middleware run before the request is parsed, e.g. a sign-in or role check that must answer 401/403
   * before a malformed request could answer 400 (a member learns nothing about an admin call's rules).
   */
  use?: Middleware[];
}

/**
 * Serves one contract operation on a router: its method and path come from the contract, its path
 * parameters, query and body are parsed by the contract's schemas before the handler runs (a bad request
 * is a 400 with the schema's issues and the handler never sees it), and the handler's answer is the
 * response body, with the operation's status (200, 201 for creates; 204 when it declares no response).
 * An operation that declares no body accepts only an empty one. A handler may set `ctx.status` itself
 * (a redirect, or a 200 where the operation's usual answer is 202): a status it sets is kept.
 */
export function mount<const Op extends ApiOperation>(
  router: Router,
  op: Op,
  handler: OperationHandler<Op>,
  options: MountOptions = {},
): Router {
  const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](op.path, ...(options.use ?? []), async (ctx) => {
    const params = op.params ? op.params.parse(ctx.params) : undefined;
    const query = op.query ? op.query.parse(ctx.query) : undefined;
    const body = op.body
      ? op.body.parse(bodyOrEmpty(ctx.request.body))
      : op.method === 'GET'
        ? undefined
        : emptyRequestSchema.parse(ctx.request.body);
    const before = ctx.status;
    const result = await handler({ params, query, body, ctx } as ParsedInput<Op> & {
      ctx: Context;
    });
    const statusSet = ctx.status !== before;
    if (op.response) {
      if (result !== undefined) ctx.body = result;
      if (!statusSet) ctx.status = op.status ?? 200;
    } else if (ctx.body === undefined && !statusSet) {
      ctx.status = 204;
    }
  });
  return router;
}

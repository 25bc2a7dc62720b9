import { bearer, mintToken } from '@delivery/auth/testing';
import type { AppProcess } from '@delivery/platform/testing';

/**
 * A call to capacity-service started by a test (`app()`, once it runs): a token with the one scope, a JSON body when
 * given, the status and the parsed answer.
 */
export function serviceCall(app: () => AppProcess, base: string) {
  return async <T>(method: string, route: string, scope: string, body?: unknown) => {
    const response = await fetch(`${app().url}${base}${route}`, {
      method,
      headers: {
        Authorization: bearer(await mintToken({ scopes: [scope] })),
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

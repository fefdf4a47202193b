/**
 * The runtime token stays with the host it was made for. @actions/artifact sends it to the results
 * service through @actions/http-client's BearerCredentialHandler, and the client follows
 * redirects: it drops the caller's own Authorization header on a redirect to another host name,
 * but then lets the handler prepare the redirected request like any other, and the handler sets
 * the header again. A results service (or anything answering at ACTIONS_RESULTS_URL) that answered
 * 302 to another host was handed the job's token there. Neither library takes an option for it, so
 * the handler itself is held to the origin of the first request it prepared: a request to another
 * origin (host or port) fails before anything is sent.
 */
import { BearerCredentialHandler } from '@actions/http-client/lib/auth';
import type { RequestOptions } from 'node:http';

const firstOrigin = new WeakMap<BearerCredentialHandler, string>();
let held = false;

function originOf(options: RequestOptions): string {
  const secure = (options.agent as { protocol?: string } | undefined)?.protocol === 'https:' || options.port === 443;
  return `${secure ? 'https' : 'http'}://${options.host ?? options.hostname ?? ''}:${options.port ?? (secure ? 443 : 80)}`;
}

/** Holds every bearer credential of this process to its first origin; once is enough, more is harmless. */
export function keepTokensOnTheirHost(): void {
  if (held) return;
  held = true;
  const prepare = BearerCredentialHandler.prototype.prepareRequest;
  BearerCredentialHandler.prototype.prepareRequest = function (this: BearerCredentialHandler, options: RequestOptions): void {
    const origin = originOf(options);
    const first = firstOrigin.get(this);
    if (first === undefined) firstOrigin.set(this, origin);
    else if (first !== origin) {
      // Only the origin is named: the redirect's path or query may carry a signature.
      throw new Error(`${first} redirected to ${origin}, another host; the runtime token is not sent there`);
    }
    prepare.call(this, options);
  };
}

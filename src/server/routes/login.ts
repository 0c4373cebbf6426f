import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginRequestSchema, type LoginResponse } from '../../contract/users';
import { sessionTokenFromCookie, type RequestFacts, type SignIn } from '../auth/signin';
import { hashToken } from '../auth/tokens';
import { ApiError } from '../errors';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';

/** Who asks, for throttling and the session list: the client address and its user agent. */
export function requestFacts(request: FastifyRequest): RequestFacts {
  return { address: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Grafana's sign-in and sign-out endpoints (outside `/api`, as in Grafana); public by nature. */
export function registerLoginRoutes(app: FastifyInstance, store: Store, signIn: SignIn): void {
  app.post('/login', { config: { public: true } }, async (request, reply): Promise<LoginResponse> => {
    // Login CSRF: another site must not sign a browser in as someone else.
    const problem = signIn.crossSiteWriteProblem(request.headers, request.host);
    if (problem) throw new ApiError(403, problem);
    const body = parseGrafanaBody(loginRequestSchema, request.body);
    const login = (body.user ?? body.email)!.trim();
    const { token } = await signIn.login(login, body.password, requestFacts(request));
    reply.header('set-cookie', signIn.sessionCookie(token, signIn.cookieIsSecure(request.protocol)));
    reply.header('cache-control', 'no-store');
    return { message: 'Logged in', redirectUrl: '/' };
  });

  /** Ends the cookie's session (if any) and clears the cookie; a stale or missing cookie is fine. */
  const endSession = async (request: FastifyRequest): Promise<string> => {
    const token = sessionTokenFromCookie(request.headers.cookie);
    if (token) {
      const row = await store.sessions.findIdentity(hashToken(token));
      if (row) await store.sessions.revoke(row.sessionId);
    }
    return signIn.clearedCookie(signIn.cookieIsSecure(request.protocol));
  };

  app.post('/logout', { config: { public: true } }, async (request, reply) => {
    const problem = signIn.crossSiteWriteProblem(request.headers, request.host);
    if (problem) throw new ApiError(403, problem);
    return reply
      .header('set-cookie', await endSession(request))
      .header('cache-control', 'no-store')
      .send({ message: 'Logged out' });
  });

  // Grafana's sign-out link. A GET that a link on another site could trigger only signs out.
  app.get('/logout', { config: { public: true } }, async (request, reply) =>
    reply
      .header('set-cookie', await endSession(request))
      .header('cache-control', 'no-store')
      .redirect('/login', 302),
  );
}

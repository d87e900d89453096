import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwksPath, jwksSchema } from '../../../shared/credentials.js';
import type { AppContext } from '../../context.js';
import { documentAnswers } from '../../http/openapi.js';
import { publicKeySet } from './keys.js';

/** The public keys that verify certificates and letters (every key that has signed, so rotation keeps old credentials verifiable). */
export function credentialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRoute', documentAnswers);
    app.get(
      jwksPath,
      {
        schema: {
          tags: ['credentials'],
          summary: 'The public keys (Ed25519, OKP) that verify every certificate and letter credential, each with its kid',
          response: { 200: jwksSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return publicKeySet(ctx.db, ctx.config);
      },
    );
  };
}

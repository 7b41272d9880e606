import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * Guard for every admin route: the role is read from the server-side session, never from the client. Anyone else —
 * signed out or signed in without the role — gets 403 ADMIN_REQUIRED (需要管理员权限 / admin permission required).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.auth?.user.role !== 'admin') throw new AppError('ADMIN_REQUIRED');
}

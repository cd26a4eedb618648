import type { FastifyInstance } from 'fastify';
import { authRoutes } from './features/auth/auth.routes';
import { menuRoutes } from './features/menu/menu.routes';
import { healthRoutes } from './features/health/health.routes';

/** Every feature's routes, composed here (features never import each other). Append new features. */
export const FEATURE_ROUTES: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  menuRoutes,
];

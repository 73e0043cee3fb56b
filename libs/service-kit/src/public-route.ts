import { SetMetadata } from '@nestjs/common';

// Here rather than in libs/auth: /health and /metrics live in this lib, which libs/auth depends on.
export const IS_PUBLIC = 'openfleet:auth:public';

/** The endpoint needs no token (login, health ...): the application's AuthGuard lets it through. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

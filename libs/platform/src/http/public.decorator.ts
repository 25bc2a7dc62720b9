import { SetMetadata } from '@nestjs/common';

export const PUBLIC_METADATA = 'delivery:auth:public';

/**
 * Opens a handler (or every handler of a controller) to unauthenticated requests: health, metrics. The platform
 * declares it, so its own controllers need no auth library (the worker has none); `@delivery/auth`'s guards read it.
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_METADATA, true);

import { type AuthDescriptor, authDescriptorOf } from '@framework/middleware';

/** The security scheme an auth middleware requires, by the name the document gives it. */
export interface SecurityScheme {
  readonly name: 'basicAuth' | 'bearerAuth' | 'jwt';
  readonly scheme: Readonly<Record<string, string>>;
}

/** The OpenAPI security scheme of an auth middleware of `@framework/middleware`, if it is one. */
export function securitySchemeOf(middleware: unknown): SecurityScheme | undefined {
  const descriptor = authDescriptorOf(middleware);
  return descriptor === undefined ? undefined : schemeOf(descriptor);
}

function schemeOf(descriptor: AuthDescriptor): SecurityScheme | undefined {
  switch (descriptor.kind) {
    case 'basic':
      return { name: 'basicAuth', scheme: { type: 'http', scheme: 'basic' } };
    case 'bearer':
      return { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } };
    case 'jwt':
      return {
        name: 'jwt',
        scheme: { type: 'http', scheme: 'bearer', bearerFormat: descriptor.bearerFormat },
      };
  }
}

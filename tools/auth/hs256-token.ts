import { SignJWT } from 'jose';

export interface Hs256TokenRequest {
  secret: string;
  scopes: string[];
  subject: string;
  /** jose duration, e.g. `1h`, `12h` */
  expiresIn: string;
  issuer?: string;
  audience?: string;
}

/** A JWT the services accept when they verify with JWT_SECRET (HS256): `scope` claim, `exp`, optional iss/aud. */
export function signHs256Token(request: Hs256TokenRequest): Promise<string> {
  const jwt = new SignJWT({ scope: request.scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(request.subject)
    .setIssuedAt()
    .setExpirationTime(request.expiresIn);
  if (request.issuer) jwt.setIssuer(request.issuer);
  if (request.audience) jwt.setAudience(request.audience);
  return jwt.sign(new TextEncoder().encode(request.secret));
}

import { ApiError } from './api.error';
import { errorResponseFormat } from './error-format';
import { normalizeError } from './normalize-error';

type ServiceCode = 'VALIDATION_ERROR' | 'ROUTES_NOT_FOUND';

describe('ApiError', () => {
  it('carries the code of the union it is given, as the filter reads it', () => {
    const error = new ApiError<ServiceCode>(404, 'ROUTES_NOT_FOUND', 'No route', { zone: 'X' });
    expect(normalizeError(error)).toEqual({
      status: 404,
      code: 'ROUTES_NOT_FOUND',
      message: 'No route',
      details: { zone: 'X' },
      internal: false,
    });
  });

  it('does not compile with a code outside the union (checked by the type check), nor infers one', () => {
    // @ts-expect-error not a code of ServiceCode
    const outside = new ApiError<ServiceCode>(404, 'NOT_FOUND', 'no');
    // @ts-expect-error without a union only the platform's codes are accepted: the argument is never inferred
    const inferred = new ApiError(404, 'ANYTHING', 'no');
    expect([outside.code, inferred.code]).toEqual(['NOT_FOUND', 'ANYTHING']);
  });

  it('sends the headers it names, with its message when that is part of the contract', () => {
    const error = new ApiError<'OUTCOMES_NOT_RECORDED'>(
      503,
      'OUTCOMES_NOT_RECORDED',
      'Nothing recorded',
      {},
      true,
      {
        'Retry-After': '5',
      },
    );
    expect(errorResponseFormat.render(normalizeError(error))).toEqual({
      body: { code: 'OUTCOMES_NOT_RECORDED', message: 'Nothing recorded', details: {} },
      headers: { 'Retry-After': '5' },
    });
  });
});

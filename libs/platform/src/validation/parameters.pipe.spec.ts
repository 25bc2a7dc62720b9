import 'reflect-metadata';
import { IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { ApiError } from '../errors/api.error';
import { ParametersPipe } from './parameters.pipe';

class Query {
  @IsDefined()
  @IsString()
  code!: string;

  @IsOptional()
  @IsIn(['A', 'B'])
  kind?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: '$property must be a number' })
  @Min(0)
  share?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2147483647)
  page?: number;
}

const problems = (pipe: ParametersPipe<Query>, query: Record<string, unknown>) => {
  try {
    pipe.transform(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, code, message, details } = error as ApiError;
    return { status, code, message, details };
  }
  throw new Error('no problem found');
};

describe('ParametersPipe', () => {
  const pipe = new ParametersPipe(Query);

  it('reads a number parameter in any JSON or decimal form, and leaves text parameters as sent', () => {
    for (const [text, value] of [
      ['0.001', 0.001],
      ['1e-3', 0.001],
      ['1E-3', 0.001],
      ['.001', 0.001],
      ['1.', 1],
      [' 2 ', 2],
      ['0.1e-2', 0.001],
    ] as const) {
      expect(pipe.transform({ code: '12', share: text })).toEqual({ code: '12', share: value });
    }
    expect(pipe.transform({ code: '007', page: '3.0' })).toEqual({ code: '007', page: 3 });
  });

  it('lists every problem in one 400, a parameter the DTO does not define included', () => {
    expect(problems(pipe, { kind: 'C', share: '1e', page: '99999999999999999999', x: '1' })).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The request is invalid',
      details: {
        errors: [
          { field: 'x', message: 'is not an accepted property' },
          { field: 'code', message: 'is required' },
          { field: 'kind', message: 'must be one of the following values: A, B' },
          { field: 'share', message: 'must be a number' },
          { field: 'page', message: 'must not be greater than 2147483647' },
        ],
      },
    });
  });

  it('a repeated, infinite or non-numeric number parameter stays what it is and is refused', () => {
    const withMessage = new ParametersPipe(Query, { message: 'The query is invalid' });
    expect(problems(withMessage, { code: 'a', share: ['1', '2'], page: '1e999' })).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The query is invalid',
      details: {
        errors: [
          { field: 'share', message: 'must be a number' },
          { field: 'page', message: 'must be an integer number' },
        ],
      },
    });
  });
});

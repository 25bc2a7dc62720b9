import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The largest `page` of every paged operation (its format, int32, says so); one beyond is a 400, never read as another number. */
export const MAX_PAGE = 2147483647;

/** The `page` query parameter of a paged operation: an int32 from 1, default 1. */
export function PageParameter(): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({
      type: Number,
      format: 'int32',
      minimum: 1,
      maximum: MAX_PAGE,
      default: 1,
      description: 'Page, from 1.',
    }),
    IsOptional(),
    IsInt(),
    Min(1),
    Max(MAX_PAGE),
  ];
  return (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
}

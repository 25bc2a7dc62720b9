import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { PlainDtoValidator } from './plain-dto.validator';

class Tag {
  @IsDefined()
  @IsString()
  name!: string;
}

class Line {
  @IsOptional()
  @IsInt()
  @Min(1)
  units?: number;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Tag)
  tags?: Tag[];
}

class Order {
  @IsDefined()
  @IsString()
  id!: string;

  @IsOptional()
  @IsIn(['A', 'B'])
  kind?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Tag)
  main?: Tag;

  @IsDefined()
  @IsArray()
  @ArrayNotEmpty({ message: '$property must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => Line)
  lines!: Line[];

  @IsOptional()
  @ValidateBy({ name: 'even', validator: { validate: (v) => typeof v === 'number' && v % 2 === 0 } })
  even?: number;
}

class Broken {
  @IsOptional()
  @ValidateNested()
  nested?: Tag;
}

describe('PlainDtoValidator', () => {
  const validator = new PlainDtoValidator(Order);

  it('accepts a valid body and treats null as absent for optional fields', () => {
    expect(
      validator.validate({ id: 'o1', kind: null, main: null, lines: [{ units: 2, tags: [{ name: 'x' }] }] }),
    ).toEqual([]);
  });

  it('reports every problem once, with its JSON path, in document order', () => {
    expect(
      validator.validate({
        kind: 'C',
        extra: 1,
        main: { name: 3 },
        lines: [{ units: 0, tags: [{}, 'x'] }, null, { units: 1.5, more: true }],
        even: 3,
      }),
    ).toEqual([
      { field: 'extra', message: 'is not an accepted property' },
      { field: 'id', message: 'is required' },
      { field: 'kind', message: 'must be one of the following values: A, B' },
      { field: 'main.name', message: 'must be a string' },
      { field: 'lines[0].units', message: 'must not be less than 1' },
      { field: 'lines[0].tags[0].name', message: 'is required' },
      { field: 'lines[0].tags[1]', message: 'must be an object' },
      { field: 'lines[1]', message: 'must be an object' },
      { field: 'lines[2].more', message: 'is not an accepted property' },
      { field: 'lines[2].units', message: 'must be an integer number' },
      { field: 'even', message: 'is invalid' },
    ]);
  });

  it('reports a required field that is null, custom messages, and wrong containers', () => {
    expect(validator.validate({ id: null, lines: [] })).toEqual([
      { field: 'id', message: 'is required' },
      { field: 'lines', message: 'must contain at least one line' },
    ]);
    expect(validator.validate({ id: 'o', lines: {}, main: [] })).toEqual([
      { field: 'main', message: 'must be an object' },
      { field: 'lines', message: 'must be an array' },
    ]);
    expect(validator.validate([])).toEqual([{ field: '', message: 'must be an object' }]);
    expect(validator.validate('order')).toEqual([{ field: '', message: 'must be an object' }]);
  });

  it('sees __proto__ and constructor keys as unknown and reads only own properties', () => {
    const body = JSON.parse('{"__proto__": {"id": "x", "lines": [{}]}, "constructor": {}}');
    expect(validator.validate(body)).toEqual([
      { field: '__proto__', message: 'is not an accepted property' },
      { field: 'constructor', message: 'is not an accepted property' },
      { field: 'id', message: 'is required' },
      { field: 'lines', message: 'is required' },
    ]);
  });

  it('never descends into values the DTO does not describe, however deep', () => {
    const depth = 200_000;
    const body = JSON.parse(
      `{"id":"o","lines":[{}],"deep":${'['.repeat(depth)}${']'.repeat(depth)},"main":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    );
    expect(validator.validate(body)).toEqual([
      { field: 'deep', message: 'is not an accepted property' },
      { field: 'main.a', message: 'is not an accepted property' },
      { field: 'main.name', message: 'is required' },
    ]);
  });

  it('refuses a nested property without its type', () => {
    expect(() => new PlainDtoValidator(Broken)).toThrow(
      'Broken.nested: @ValidateNested() needs @Type(() => …)',
    );
  });
});

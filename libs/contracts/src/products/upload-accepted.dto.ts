import { ApiProperty } from '@nestjs/swagger';

/** 200 of `POST /load-products`: the contract's `message`, plus the process code on its own for clients. */
export class UploadAcceptedResponse {
  @ApiProperty({
    example:
      '2998 products are being processed (2 rejected). Process code: 0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11',
  })
  message!: string;

  @ApiProperty({
    format: 'uuid',
    description: 'Identifies the upload: `GET /load-products/{processCode}` answers its status.',
    example: '0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11',
  })
  processCode!: string;
}

/**
 * The codes product-upload-service answers with. Its contract's bodies are `{message}` only, so these are not
 * sent; they name the error for the exception filter and the logs, and no other code compiles (ApiError).
 */
export type UploadErrorCode = 'VALIDATION_ERROR' | 'NOT_FOUND' | 'PUBLISH_FAILED';

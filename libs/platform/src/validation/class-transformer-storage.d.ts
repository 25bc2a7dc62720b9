// class-transformer keeps `@Type()` metadata in a storage it does not export from its index; its types are here.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}

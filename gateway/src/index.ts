export { startEmbedded, type EmbeddedProduct } from './embedded-app';
export { createGatewayApp } from './gateway.app';
export { gatewayConfigSchema, gatewayTargetsSchema } from './config';

export { SERVICE_MODULES } from './service-modules';
export { createLocalServices, startEmbedded, type EmbeddedProduct } from './embedded-app';
export { createGatewayApp } from './gateway.app';
export { gatewayConfigSchema, gatewayTargetsSchema } from './config';

import type { MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResponse = APIGatewayProxyStructuredResultV2;
/** One step of the HTTP pipeline (functions/src/lib/http/middleware/). */
export type HttpMiddleware = MiddlewareObj<HttpEvent, HttpResponse, Error, Context>;

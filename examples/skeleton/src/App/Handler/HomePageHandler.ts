import { TextResponse, type RequestHandler, type ServerRequest } from '@framework/application';

export class HomePageHandler implements RequestHandler {
  handle(_request: ServerRequest): TextResponse {
    return new TextResponse('Hello from the framework skeleton!');
  }
}

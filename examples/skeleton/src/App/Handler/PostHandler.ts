import { TextResponse, type RequestHandler, type ServerRequest } from '@framework/application';

/** Added in code on top of the configuration (the hybrid mode). */
export class PostHandler implements RequestHandler {
  async handle(request: ServerRequest): Promise<TextResponse> {
    const body = await request.text();
    return new TextResponse(`Received ${Buffer.byteLength(body)} bytes.`);
  }
}

import type { WebhookAnswer, WebhookRequest, WebhookSender } from '../../core/webhooks/ports.ts';

/** Records every request and answers as told (200 unless given): for core tests and dry runs. */
export class RecordingWebhookSender implements WebhookSender {
  readonly sent: WebhookRequest[] = [];

  constructor(
    private answer: (request: WebhookRequest) => WebhookAnswer = () => ({ statusCode: 200, body: 'ok', durationMs: 1 }),
  ) {}

  answerWith(answer: (request: WebhookRequest) => WebhookAnswer): void {
    this.answer = answer;
  }

  async send(request: WebhookRequest): Promise<WebhookAnswer> {
    this.sent.push(request);
    return this.answer(request);
  }
}

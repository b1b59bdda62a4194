/**
 * jsdom's XMLHttpRequest would go to the network; under test it sends through `fetch` instead, so
 * one stub of `fetch` answers both kinds of request. It reports the body as sent in one step
 * before the answer, as a browser's last upload progress event does. Real uploads (and their
 * progress) run in the e2e tier's Chromium.
 */
export class FetchBackedXhr extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  withCredentials = false;
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  send(body?: FormData | string | null): void {
    const size = body instanceof FormData ? [...body.values()].reduce((sum, v) => sum + sizeOf(v), 0) : 0;
    fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body: body ?? null,
      credentials: this.withCredentials ? 'include' : 'same-origin',
    })
      .then(async (response) => {
        this.upload.dispatchEvent(
          new ProgressEvent('progress', { lengthComputable: true, loaded: size, total: size }),
        );
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.dispatchEvent(new ProgressEvent('load'));
      })
      .catch(() => this.dispatchEvent(new ProgressEvent('error')));
  }
}

const sizeOf = (value: FormDataEntryValue) => (typeof value === 'string' ? value.length : value.size);

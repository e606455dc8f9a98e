/**
 * XMLHttpRequest as the upload helper uses it: each request is kept in `sent` and
 * answered, a microtask later, with what `answer` gives at that moment.
 */
export function fakeXhr(answer: () => { status: number; body: unknown }) {
  const sent: Array<{ url: string; form: FormData }> = [];
  class FakeXhr {
    upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
    withCredentials = false;
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      queueMicrotask(() => {
        const { status, body } = answer();
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  return { FakeXhr, sent };
}

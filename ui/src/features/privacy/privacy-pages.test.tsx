import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../generated/contract';
import { renderApp } from '../../test/render-app';

const user = { id: 1, email: 'ann@example.com' };
const signedIn = [{ key: api.user(), status: 200, body: user }];

let calls: { method: string; path: string; body: unknown }[];
let confirmationFails: boolean;
beforeEach(() => {
  calls = [];
  confirmationFails = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (path === api.deleteAccount()) return new Response('{"success":true}', { status: 200 });
    if (path === api.deletionConfirmation()) {
      if (confirmationFails) throw new TypeError('network down');
      return new Response('{}', { status: 200 });
    }
    return new Response('null', { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function toConfirmStep() {
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'DELETE MY ACCOUNT' } });
}

describe('account deletion', () => {
  it('"Go Back" on the confirm step returns to step 0, on the same page', () => {
    const { history } = renderApp('/about', signedIn);
    act(() => history.push('/account-deletion'));
    toConfirmStep();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(history.location.pathname).toBe('/account-deletion');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByText(/deleting your account permanently removes/)).toBeTruthy();
    // Back on the confirm step, the phrase is typed afresh.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');
  });

  it.each([false, true])('on success asks for the confirmation mail (its failure ignored: %s), alerts with the note and goes home', async (fails) => {
    confirmationFails = fails;
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { history } = renderApp('/account-deletion', signedIn);
    toConfirmStep();
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(calls.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual([`DELETE ${api.deleteAccount()}`, `POST ${api.deletionConfirmation()}`]);
    // The address comes from the session: the request carries none.
    expect(calls[1]!.body).toBeNull();
    expect(alert.mock.calls).toEqual([
      ['Your account and all data have been permanently deleted. A confirmation email is on its way to ann@example.com.'],
    ]);
  });
});

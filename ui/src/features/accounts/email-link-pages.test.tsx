import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../generated/contract';
import { renderApp } from '../../test/render-app';

describe('the pages the emailed links open', () => {
  it('confirm-email: a page of the site whose form posts the link\'s token with the sign-up password', () => {
    renderApp('/confirm-email?token=abc123');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Confirm my email' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(api.confirm());
    expect((form.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('abc123');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect([password.type, password.name, password.required, password.autocomplete]).toEqual(['password', 'password', true, 'current-password']);
    expect(form.contains(password)).toBe(true);
    expect(document.title).toBe('Confirm Your Email - Sound Atlas');
  });

  it('new-password: the same, with the new password field', () => {
    renderApp('/new-password?token=xyz');
    const form = screen.getByRole('button', { name: 'Set new password' }).closest('form')!;
    expect(form.getAttribute('action')).toBe(api.setNewPassword());
    expect((form.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('xyz');
    const password = screen.getByLabelText('New password') as HTMLInputElement;
    expect([password.type, password.name, password.required, password.minLength]).toEqual(['password', 'password', true, 8]);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

describe('ContactForm', () => {
  it('requires all five fields and opens a mailto link without the typed values', async () => {
    const openMail = vi.fn();
    const user = userEvent.setup();
    render(<ContactForm openMail={openMail} />);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(openMail).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Secret subject');
    await user.type(screen.getByLabelText('Message'), 'Private words');
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '5');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(openMail).toHaveBeenCalledWith('mailto:support@palmistry.example?subject=Contact%20Inquiry');
  });
});

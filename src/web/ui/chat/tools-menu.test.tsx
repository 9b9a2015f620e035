// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilePlus2, FileText, MessageSquarePlus } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolsMenu, type ToolItem } from './tools-menu';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

function renderMenu(options: { disabled?: boolean; items?: readonly ToolItem[] } = {}) {
  const selected: string[] = [];
  const item = (label: string, icon: ToolItem['icon']): ToolItem => ({
    label,
    icon,
    onSelect: vi.fn(() => selected.push(label)),
  });
  const items = options.items ?? [
    item('Iniciar prontuário com a conversa', FilePlus2),
    item('Gerar Anamnese Estruturada', FileText),
    item('Nova conversa', MessageSquarePlus),
  ];
  render(<ToolsMenu items={items} disabled={options.disabled ?? false} />);
  return { user: userEvent.setup(), selected, button: screen.getByRole('button') };
}

const menuItemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent.trim());

describe('ToolsMenu', () => {
  it('is a button named Ferramentas that opens a menu of the tools, in order', async () => {
    const { user, button } = renderMenu();
    expect(button.getAttribute('aria-label')).toBe('Ferramentas');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Ferramentas' })).toBeTruthy();
    expect(menuItemNames()).toEqual([
      'Iniciar prontuário com a conversa',
      'Gerar Anamnese Estruturada',
      'Nova conversa',
    ]);
  });

  it('runs the clicked tool and closes, the focus back on the button', async () => {
    const { user, button, selected } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Nova conversa' }));
    expect(selected).toEqual(['Nova conversa']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('is used from the keyboard: arrows, Enter, type-ahead', async () => {
    const { user, button, selected } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    const focusedItem = () => document.activeElement?.textContent.trim();
    expect(focusedItem()).toBe('Iniciar prontuário com a conversa');
    await user.keyboard('{ArrowDown}');
    expect(focusedItem()).toBe('Gerar Anamnese Estruturada');
    await user.keyboard('n');
    expect(focusedItem()).toBe('Nova conversa');
    await user.keyboard('{Enter}');
    expect(selected).toEqual(['Nova conversa']);
    expect(document.activeElement).toBe(button);
  });

  it('closes on Escape without running anything, the focus back on the button', async () => {
    const { user, button, selected } = renderMenu();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(selected).toEqual([]);
    expect(document.activeElement).toBe(button);
  });

  it('is disabled while an action runs, or when there is no tool to offer', () => {
    expect(renderMenu({ disabled: true }).button.hasAttribute('disabled')).toBe(true);
    cleanup();
    expect(renderMenu({ items: [] }).button.hasAttribute('disabled')).toBe(true);
  });
});

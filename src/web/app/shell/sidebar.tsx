import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import {
  FileText,
  LogOut,
  Menu,
  MessageSquare,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SessionDoctor } from '../../data/auth-client';
import { deviceEntry, readEntry, writeEntry } from '../../data/local-entries';
import { Avatar } from '../../ui/avatar';
import type { WorkspaceView } from '../../data/workspace-views';
import { ThemeToggle } from './theme-toggle';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../ui/use-media-query';

/** docs/product.md, "Espaço de trabalho e barra lateral": the version label under the sidebar. */
export const APP_VERSION_LABEL = `v${__APP_VERSION__}`;

/** Which sidebar entry is the current page. */
export type SidebarSection = 'chat' | 'patients' | 'medical-records' | 'settings';

export interface SidebarProps {
  doctor: SessionDoctor;
  current: SidebarSection;
  onSignOut: () => void;
  /** Starts loading a view's code when the doctor shows intent (hover, focus). */
  onIntent: (view: WorkspaceView) => void;
}

/** Whether the doctor folded the sidebar on this device. */
const collapsedEntry = deviceEntry('sidebar-collapsed', ['true', 'false']);

/**
 * Desktop (≥ 1024 px): a column, 256 px open or 64 px collapsed, remembered. Narrow screens:
 * a top bar with a menu button opening the same entries as an overlay, closed by default and by
 * a click outside, Escape or choosing an entry.
 */
export function Sidebar(props: SidebarProps) {
  const [collapsed, setCollapsed] = useState(() => readEntry(collapsedEntry) === 'true');
  const [overlayOpen, setOverlayOpen] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);

  // Past the breakpoint the overlay gives way to the column.
  const overlayShown = overlayOpen && !wide;

  const toggleCollapsed = () => {
    writeEntry(collapsedEntry, collapsed ? 'false' : 'true');
    setCollapsed(!collapsed);
  };

  return (
    <>
      <aside
        aria-label="Menu principal"
        data-collapsed={collapsed}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-line bg-surface transition-[width] lg:flex ${
          collapsed ? 'w-16' : 'w-64'
        }`}
      >
        <div
          className={`flex items-center p-3 ${collapsed ? 'justify-center' : 'justify-between'}`}
        >
          {!collapsed && <span className="px-2 text-xl font-semibold text-accent-fg">Prontu</span>}
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
            title={collapsed ? 'Expandir menu' : 'Recolher menu'}
            className="rounded-md p-2 text-fg hover:bg-surface-muted"
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" size={20} />
            ) : (
              <PanelLeftClose aria-hidden="true" size={20} />
            )}
          </button>
        </div>
        <SidebarContents {...props} compact={collapsed} />
      </aside>

      <Dialog.Root open={overlayShown} onOpenChange={setOverlayOpen}>
        <header className="sticky top-0 z-30 flex h-(--shell-top-bar-height) items-center gap-2 border-b border-line bg-surface px-3 lg:hidden">
          <Dialog.Trigger asChild>
            <button
              type="button"
              aria-label="Abrir menu"
              className="rounded-md p-2 text-fg hover:bg-surface-muted"
            >
              <Menu aria-hidden="true" size={22} />
            </button>
          </Dialog.Trigger>
          <span className="text-lg font-semibold text-accent-fg">Prontu</span>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay lg:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-line bg-surface shadow-xl lg:hidden"
          >
            <div className="flex items-center justify-between p-3">
              <Dialog.Title className="px-2 text-xl font-semibold text-accent-fg">
                Prontu
              </Dialog.Title>
              <Dialog.Close
                aria-label="Fechar menu"
                className="rounded-md p-2 text-fg hover:bg-surface-muted"
              >
                <X aria-hidden="true" size={20} />
              </Dialog.Close>
            </div>
            <SidebarContents {...props} compact={false} onNavigate={() => setOverlayOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function SidebarContents(
  props: SidebarProps & { compact: boolean; onNavigate?: (() => void) | undefined },
) {
  const { compact, current } = props;
  return (
    <>
      <nav aria-label="Seções" className="flex flex-1 flex-col gap-1 px-2">
        <SidebarLink
          icon={MessageSquare}
          label="Chat"
          compact={compact}
          active={current === 'chat'}
          onClick={props.onNavigate}
          onIntent={() => props.onIntent('chat')}
        >
          {(content, linkProps) => (
            <Link to="/" search={{}} {...linkProps}>
              {content}
            </Link>
          )}
        </SidebarLink>
        <SidebarLink
          icon={Users}
          label="Pacientes"
          compact={compact}
          active={current === 'patients'}
          onClick={props.onNavigate}
          onIntent={() => props.onIntent('patients')}
        >
          {(content, linkProps) => (
            <Link to="/" search={{ view: 'patients' }} {...linkProps}>
              {content}
            </Link>
          )}
        </SidebarLink>
        <SidebarLink
          icon={FileText}
          label="Prontuários"
          compact={compact}
          active={current === 'medical-records'}
          onClick={props.onNavigate}
          onIntent={() => props.onIntent('medical-records-menu')}
        >
          {(content, linkProps) => (
            <Link to="/" search={{ view: 'medical-records-menu' }} {...linkProps}>
              {content}
            </Link>
          )}
        </SidebarLink>
        <SidebarLink
          icon={Settings}
          label="Configurações"
          compact={compact}
          active={current === 'settings'}
          onClick={props.onNavigate}
        >
          {(content, linkProps) => (
            <Link to="/settings" {...linkProps}>
              {content}
            </Link>
          )}
        </SidebarLink>
      </nav>
      <div className="flex flex-col gap-2 border-t border-line p-2">
        <ThemeToggle compact={compact} />
        <div className={`flex items-center gap-2 px-1 ${compact ? 'flex-col' : ''}`}>
          <span title={compact ? props.doctor.name : undefined}>
            <Avatar name={props.doctor.name} />
            {compact && <span className="sr-only">{props.doctor.name}</span>}
          </span>
          {!compact && (
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-fg">
                {props.doctor.name}
              </span>
              <span className="block truncate text-xs text-fg-muted">{props.doctor.email}</span>
            </span>
          )}
          <button
            type="button"
            onClick={props.onSignOut}
            aria-label="Sair"
            title="Sair"
            className="rounded-md p-2 text-fg hover:bg-surface-muted"
          >
            <LogOut aria-hidden="true" size={18} />
          </button>
        </div>
        <p className="text-center text-xs text-fg-muted">{APP_VERSION_LABEL}</p>
      </div>
    </>
  );
}

interface LinkProps {
  className: string;
  'aria-current': 'page' | undefined;
  'aria-label': string | undefined;
  title: string | undefined;
  onClick: (() => void) | undefined;
  onPointerEnter: (() => void) | undefined;
  onFocus: (() => void) | undefined;
}

function SidebarLink(props: {
  icon: LucideIcon;
  label: string;
  compact: boolean;
  active: boolean;
  onClick: (() => void) | undefined;
  onIntent?: () => void;
  children: (content: ReactNode, linkProps: LinkProps) => ReactNode;
}) {
  const Icon = props.icon;
  const content = (
    <>
      <Icon aria-hidden="true" size={20} />
      {!props.compact && <span>{props.label}</span>}
    </>
  );
  return props.children(content, {
    className: `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
      props.compact ? 'justify-center' : ''
    } ${props.active ? 'bg-accent-soft text-fg' : 'text-fg hover:bg-surface-muted'}`,
    'aria-current': props.active ? 'page' : undefined,
    'aria-label': props.compact ? props.label : undefined,
    title: props.compact ? props.label : undefined,
    onClick: props.onClick,
    onPointerEnter: props.onIntent,
    onFocus: props.onIntent,
  });
}

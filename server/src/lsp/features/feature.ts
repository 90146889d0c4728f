/**
 * An editing feature's LSP side. `register` installs its handlers. Its
 * capability is registered dynamically, with a YAML document selector, when
 * the client can do that (`dynamic.supported`); otherwise it is announced
 * statically in the initialize result (`capabilities`), which every client,
 * Neovim's included, understands.
 */
import { ClientCapabilities, RegistrationType, ServerCapabilities } from '../protocol';
import { ServerContext } from '../serverContext';

export interface Feature {
  name: string;
  capabilities(client: ClientCapabilities): Partial<ServerCapabilities>;
  dynamic?: {
    type: RegistrationType<object>;
    supported(client: ClientCapabilities): boolean;
    options(client: ClientCapabilities): object;
  };
  register(context: ServerContext): void;
}

/** The documents dynamic registrations apply to: YAML files (the server then picks the bundle configs). */
export const YAML_DOCUMENTS = [{ language: 'yaml' }, { pattern: '**/*.{yaml,yml}' }];

/**
 * A tool as SWE-agent loads it (`Command` and its `Argument`s), with the
 * nodes each value came from, for hover, navigation and fixes.
 */
import { PyNode } from '../yaml/pyNode';

export interface LoadedArgument {
  name: string;
  type: string;
  items: Map<string, string> | null;
  description: string;
  required: boolean;
  enum: string[] | null;
  argumentFormat: string;
  /** The argument's mapping, and the nodes of its `name` key and value. */
  node: PyNode;
  nameNode: PyNode;
  formatNode?: PyNode;
}

export interface LoadedCommand {
  name: string;
  docstring: string | null;
  signature: string | null;
  endName: string | null;
  arguments: LoadedArgument[];
  invokeFormat: string;
}

export const DEFAULT_ARGUMENT_FORMAT = '{{value}}';

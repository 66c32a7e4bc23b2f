/**
 * A translucent, blurred surface for landing text that sits over the falling logos. The faint
 * ring and lighter tint make it read as a pane of glass: without them the logos sliding under
 * it look cut off by an invisible edge.
 */
export const FROSTED =
  'rounded-3xl bg-white/75 shadow-sm ring-1 ring-gray-900/5 backdrop-blur-md dark:bg-gray-900/75 dark:ring-white/10';

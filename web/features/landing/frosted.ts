/** A translucent, blurred surface for landing text that sits over the falling logos. */
export const FROSTED = 'rounded-3xl bg-gray-50/80 backdrop-blur-md dark:bg-gray-950/75';

import {
  adminLoginEndpoint,
  adminLoginLinkEndpoint,
  adminMagicLoginEndpoint,
  estimatorForgotPasswordEndpoint,
  estimatorLoginEndpoint,
  estimatorLoginLinkEndpoint,
  estimatorMagicLoginEndpoint,
  estimatorPasswordResetEndpoint,
  ownerForgotPasswordEndpoint,
  ownerLoginEndpoint,
  ownerLoginLinkEndpoint,
  ownerMagicLoginEndpoint,
  ownerPasswordResetEndpoint,
  type Role,
} from '@teamcast/contracts';

/** Each role's own sign-in calls; roles without a call have none (administrators reset no password). */
export const passportEndpoints = {
  owner: {
    login: ownerLoginEndpoint,
    magicLogin: ownerMagicLoginEndpoint,
    loginLink: ownerLoginLinkEndpoint,
    forgotPassword: ownerForgotPasswordEndpoint,
    passwordReset: ownerPasswordResetEndpoint,
  },
  estimator: {
    login: estimatorLoginEndpoint,
    magicLogin: estimatorMagicLoginEndpoint,
    loginLink: estimatorLoginLinkEndpoint,
    forgotPassword: estimatorForgotPasswordEndpoint,
    passwordReset: estimatorPasswordResetEndpoint,
  },
  administrator: {
    login: adminLoginEndpoint,
    magicLogin: adminMagicLoginEndpoint,
    loginLink: adminLoginLinkEndpoint,
    forgotPassword: undefined,
    passwordReset: undefined,
  },
} as const satisfies Record<Role, object>;

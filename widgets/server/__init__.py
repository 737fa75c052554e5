"""The dashboard server's plumbing (kernels, preheated pools, page owners, identity, logs); no notebook imports it."""

"""The kernel manager ``spades-lab serve`` gives Voila: Voila's own, refusing a kernel past a
cap, so a class (or a loop of requests) cannot start more Python processes than the server
holds.  Imported by the Voila server only (it needs jupyter_server), by name:
``--VoilaConfiguration.multi_kernel_manager_class=spades_lab._jupyter.kernels.ClassKernelManager``.
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

#: What a page past the cap says (the HTTP error page shows it).
CLASS_FULL = ("The class is full: every place on this server is taken. Ask your teacher, "
              "or try again when someone has closed their page.")


class ClassKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a cap on the number of kernels running at once."""

    max_kernels = Integer(40, config=True, help="the most kernels running at once (every "
                          "open page holds one, and so does every kernel of a preheated pool)")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if len(self.list_kernel_ids()) >= self.max_kernels:
            self.log.warning("Refused a kernel: %d running, the cap (--max-students)",
                             self.max_kernels)
            raise web.HTTPError(503, CLASS_FULL)
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id

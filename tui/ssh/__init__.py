"""Yule over SSH: the server whose every session is the app and nothing else (:mod:`.serve`),
its gate against floods (:mod:`.gate`), the names guests' keys hold (:mod:`.names`), each
guest's app (:mod:`.guest`) and the processes it runs in (:mod:`.process`, :mod:`.starter`)."""

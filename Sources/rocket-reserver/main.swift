print("rocket-reserver")
